/**
 * Buttons of reports (issue 42): ⚠️ Report under a result posted in a group (it names the order; the
 * chat and the message come with the press), and an admin's resolution of a report by its id.
 */
import { buttonFamily, field } from './codec.js';

export const reportData = {
  file: buttonFamily('rp', { id: field.id }),
  resolve: buttonFamily('rq', {
    a: field.oneOf(['rm', 'ban', 'ok'] as const),
    n: field.int(1, 2_147_483_647),
  }),
};
