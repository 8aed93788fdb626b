/**
 * The process the definition checker runs in (started by definition-check.ts). Compiling an
 * editor's schemas with ajv costs the time and memory the editor decides, and ajv runs the code it
 * writes to finish each validator: none of it may happen on the server's event loop or in its heap.
 * A worker thread is no wall for memory (some allocation failures abort the whole process), so this
 * is a process of its own, with a heap of its own that the server sets.
 *
 * Answers each `{ id, texts, floor }` with the checker's problems; ends when the server goes.
 */
import { checkDefinition } from '../../definition-check/index.js';
import type { CheckAnswer, CheckRequest } from './check-protocol.js';

process.on('message', (request: CheckRequest) => {
  const { problems } = checkDefinition(request.texts, { floor: request.floor });
  process.send?.({ id: request.id, problems } satisfies CheckAnswer);
});
process.on('disconnect', () => process.exit(0));
