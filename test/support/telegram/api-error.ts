/**
 * An error answered to the bot exactly as Telegram would: HTTP status = error_code.
 * `problem` marks a strictness violation (a bug in the bot) that tests should see in `emu.problems`;
 * benign errors (message not modified, blocked user, injected failures) are not problems.
 */
export class ApiError extends Error {
  readonly problem: boolean;
  readonly parameters: Record<string, unknown> | undefined;

  constructor(
    readonly code: number,
    readonly description: string,
    opts: { problem?: boolean; parameters?: Record<string, unknown> } = {},
  ) {
    super(description);
    this.problem = opts.problem ?? true;
    this.parameters = opts.parameters;
  }
}

/** A 400 that real Telegram answers and that a correct bot never triggers. */
export function badRequest(detail: string): ApiError {
  return new ApiError(400, `Bad Request: ${detail}`);
}

/** A 400 a correct bot may legitimately hit at runtime (not recorded as a problem). */
export function benignBadRequest(detail: string): ApiError {
  return new ApiError(400, `Bad Request: ${detail}`, { problem: false });
}
