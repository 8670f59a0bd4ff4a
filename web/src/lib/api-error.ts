/** An API answer other than 2xx, with the field errors the forms show in place. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    readonly issues: { field: string; message: string }[] = [],
  ) {
    super(message);
  }

  /** Field name → message, for showing errors beside their inputs. */
  get fieldErrors(): Record<string, string> {
    const errors: Record<string, string> = {};
    for (const issue of this.issues) if (issue.field && !errors[issue.field]) errors[issue.field] = issue.message;
    if (this.field && !errors[this.field]) errors[this.field] = this.message;
    return errors;
  }
}
