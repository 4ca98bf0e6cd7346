/** How roles read wherever they show (chips, selects). Apart from the form fields: lists import it. */
export const ROLE_LABELS = {
  owner: 'Owner',
  admin: 'Admin',
  user: 'User',
  'super-admin': 'Super admin',
  'support-user': 'Support user',
} as const;
