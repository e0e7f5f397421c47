import { requisitionMessages } from '@hh/contract/requisitions';

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
  empty: () => new ResumeParseError(400, requisitionMessages.resumeMissing),
  tooLarge: () => new ResumeParseError(413, requisitionMessages.resumeTooLarge),
  notWhatItClaims: () => new ResumeParseError(415, requisitionMessages.resumeNotWhatItClaims),
  unsupported: () => new ResumeParseError(415, requisitionMessages.resumeUnsupported),
  encrypted: () => new ResumeParseError(422, requisitionMessages.resumeEncrypted),
  bomb: () => new ResumeParseError(413, requisitionMessages.resumeExpandsTooMuch),
  unreadable: () => new ResumeParseError(422, requisitionMessages.parseFailed),
};
