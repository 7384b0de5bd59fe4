// The 6-digit codes of authenticator apps (spec section 5: 6 digits, integers only).
export const CODE_LENGTH = 6;
const COMPLETE_CODE = new RegExp(`^\\d{${CODE_LENGTH}}$`);

/** Keeps digits only, at most six: typed letters vanish, a pasted "123 456" becomes "123456". */
export const normalizeCode = (input: string): string => input.replace(/\D/g, '').slice(0, CODE_LENGTH);

export const isCompleteCode = (code: string): boolean => COMPLETE_CODE.test(code);
