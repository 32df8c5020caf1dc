/**
 * One wizard page: the frame and the part named by the route (`/trust/part-d?id=…`,
 * `/amanah/harta-pusaka/part-f?id=…`, `/trust-onecent/part-signpenerima?id=…`). The estate trust's
 * part A starts a type-14 hibah; the one-cent trust starts from a redeem code (/trust-onecent/redeem).
 */
import { Loader } from '@mantine/core';
import { ESTATE_HIBAH_TYPE, ONE_CENT_HIBAH_TYPE } from '@wasiat/domain';
import { Navigate, useNavigate } from 'react-router';
import { WizardFrame } from '../components/WizardFrame.tsx';
import { PartA } from '../parts/PartA.tsx';
import { PartB } from '../parts/PartB.tsx';
import { PartC } from '../parts/PartC.tsx';
import { PartD } from '../parts/PartD.tsx';
import { PartDraft } from '../parts/PartDraft.tsx';
import { PartE } from '../parts/PartE.tsx';
import { PartF } from '../parts/PartF.tsx';
import { PartG } from '../parts/PartG.tsx';
import { PartH } from '../parts/PartH.tsx';
import { PartI } from '../parts/PartI.tsx';
import { PartSignReceivers } from '../parts/PartSignReceivers.tsx';
import { PARTS, type Part } from '../products.ts';
import { useHibah, useHibahId } from '../useHibah.ts';

/** The page of `part` of the wizard at `base`. */
export function WizardPage({ base, part }: { base: string; part: Part }) {
  const id = useHibahId();
  const navigate = useNavigate();
  const q = useHibah(id);
  const fixedType =
    base === '/amanah/harta-pusaka' ? ESTATE_HIBAH_TYPE : base === '/trust-onecent' ? ONE_CENT_HIBAH_TYPE : undefined;
  if (!id && part !== 'a')
    return <Navigate to={base === '/trust-onecent' ? '/trust-onecent/redeem' : `${base}/part-a`} replace />;
  if (id && q.isLoading) return <Loader />;
  const hibah = q.data ?? null;
  const next = () => {
    const i = PARTS.indexOf(part as (typeof PARTS)[number]);
    if (hibah && i >= 0 && i < PARTS.length - 1) navigate(`${base}/part-${PARTS[i + 1]}?id=${hibah.id}`);
  };
  let body: React.ReactNode = null;
  if (part === 'a') body = <PartA base={base} hibah={hibah} fixedType={fixedType} />;
  else if (hibah) {
    body = {
      b: <PartB hibah={hibah} />,
      c: <PartC hibah={hibah} next={next} />,
      d: <PartD hibah={hibah} next={next} />,
      e: <PartE hibah={hibah} />,
      f: <PartF hibah={hibah} />,
      g: <PartG hibah={hibah} />,
      h: <PartH hibah={hibah} />,
      i: <PartI hibah={hibah} />,
      signpenerima: <PartSignReceivers hibah={hibah} />,
      draft: <PartDraft hibah={hibah} />,
    }[part as Exclude<Part, 'a'>];
  }
  return (
    <WizardFrame base={base} part={part} hibah={hibah}>
      {body}
    </WizardFrame>
  );
}
