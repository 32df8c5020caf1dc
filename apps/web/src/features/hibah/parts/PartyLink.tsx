/**
 * A party's signing link, shared by part I (witnesses) and the receivers' signing step: `POST /api/route/sign`
 * with the route (`hibah.witness` or `hibah.receiver`) and the party's id gives the API's signed URL, shown as
 * the public page's (`/hibah/saksi/…`, `/hibah/penerima/…`) to copy or send by WhatsApp (issue 17 item 15).
 */
import { Button } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ShareLink } from '@/components/ShareLink.tsx';
import { api } from '@/lib/api.ts';

/** A button that copies (and shows) a party's signed link from `POST /api/route/sign`. */
export function PartyLink({
  route,
  hibahId,
  idKey,
  id,
  phone,
}: {
  route: string;
  hibahId: string;
  idKey: string;
  id: string;
  /** The party's mobile number, for the WhatsApp message (issue 17 item 15). */
  phone?: string | null;
}) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  return url ? (
    <ShareLink
      url={url}
      label={t('hibah.link')}
      messageKey={route === 'hibah.witness' ? 'common.share.witness_message' : 'common.share.receiver_message'}
      phone={phone}
      testId={`link-${id}`}
    />
  ) : (
    <Button
      size="xs"
      variant="light"
      data-testid={`get-link-${id}`}
      onClick={async () => {
        const r = await api.post<{ url: string }>('route/sign', { route_name: route, hibah_id: hibahId, [idKey]: id });
        const page = r.url
          .replace(/^\/api\/public\/hibah\/([^/]+)\/receiver\//, '/hibah/penerima/$1/')
          .replace(/^\/api\/public\/hibah\/([^/]+)\/witness\//, '/hibah/saksi/$1/');
        setUrl(`${window.location.origin}${page}`);
      }}
    >
      {t('hibah.get_link')}
    </Button>
  );
}
