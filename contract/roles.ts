// Roles of the back-office and their French labels (requirements §2 'Users', §6).
export const ROLES = ['ADMIN', 'OPERATION', 'ACCOUNTING', 'HOSPITAL'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  ADMIN: 'Admin',
  ACCOUNTING: 'Accounting',
  OPERATION: 'Operation',
  HOSPITAL: 'Hospital',
};

/** Staff roles: everyone but hospital users. */
export const STAFF_ROLES: readonly Role[] = ['ADMIN', 'OPERATION', 'ACCOUNTING'];
