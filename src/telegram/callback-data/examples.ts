/**
 * The buttons under the question about a result shown as a model's example (issue 43): the owner's
 * ✅ Allow (`y`), No, thanks (`n`) and, once shown, Stop showing (`s`), each naming the example.
 */
import { buttonFamily, field } from './codec.js';

export const exampleData = {
  answer: buttonFamily('ex', { a: field.oneOf(['y', 'n', 's'] as const), id: field.id }),
};
