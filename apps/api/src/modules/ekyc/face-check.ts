/**
 * One face check, as every eKYC here makes it (issue 3; ADRs 0013, 0093): the selfie compared with the MyKad photo by
 * the model (face.ts), outside any transaction. An unreadable image is a 422 on its field (`ekyc.unreadable`); no face
 * or several faces is an outcome the caller records before refusing (`ekyc.no_face` / `ekyc.many_faces`), as a score
 * below the pass mark is (`score_too_low`). Used by the record and user eKYC (service.ts) and by the release after a
 * death (deaths module, ADR 0295).
 */
import { fieldError } from '../../platform/http/errors.ts';
import { compareFaces, FaceError } from './face.ts';

/** What one check found: the model's result (null when a face was missing), the problem, and the outcome stored. */
export interface FaceCheck {
  result: { distance: number; score: number; passed: boolean } | null;
  problem: FaceError | null;
  outcome: 'passed' | 'score_too_low' | FaceError['problem'];
}

/** Compare `selfie` with `mykad` (see the file comment). @throws 422 `ekyc.unreadable` on the unreadable image's field. */
export async function checkFace(selfie: Buffer, mykad: Buffer): Promise<FaceCheck> {
  try {
    const result = await compareFaces(selfie, mykad);
    return { result, problem: null, outcome: result.passed ? 'passed' : 'score_too_low' };
  } catch (e) {
    if (!(e instanceof FaceError)) throw e;
    if (e.problem === 'unreadable') throw fieldError(e.which, 'ekyc.unreadable');
    return { result: null, problem: e, outcome: e.problem };
  }
}
