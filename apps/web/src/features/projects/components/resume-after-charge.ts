/**
 * Set when a creation runs short of Orange and the user goes to charge: the charge result screen
 * reads it to offer the way back to the creation (whose draft is kept in sessionStorage).
 */
export const resumeAfterChargeKey = 'orchard:resume-after-charge';
