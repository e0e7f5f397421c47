import { messages } from '@hh/contract/messages';

/** Why a resume was refused or could not be read; `status` is the HTTP status the route answers. */
export class ResumeParseError extends Error {
  constructor(
    public readonly status: 400 | 413 | 415 | 422,
    message: string,
  ) {
    super(message);
    this.name = 'ResumeParseError';
  }
}

export const refuse = {
  empty: () => new ResumeParseError(400, messages.requisitions.resumeMissing),
  tooLarge: () => new ResumeParseError(413, messages.requisitions.resumeTooLarge),
  notWhatItClaims: () => new ResumeParseError(415, messages.requisitions.resumeNotWhatItClaims),
  unsupported: () => new ResumeParseError(415, messages.requisitions.resumeUnsupported),
  encrypted: () => new ResumeParseError(422, messages.requisitions.resumeEncrypted),
  bomb: () => new ResumeParseError(413, messages.requisitions.resumeExpandsTooMuch),
  unreadable: () => new ResumeParseError(422, messages.requisitions.parseFailed),
};
