/** The spec's rule: 8+ characters, letters and digits only, at least one of each. */
export const PASSWORD_RULE = /^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]{8,}$/;
