/**
 * Who did something, as the logs show it (History logs, Event List): the user's name with the email
 * under it, "User #12" when the account is gone, or "System" (a job, a trigger, nobody signed in).
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export interface Actor {
  id: number | null;
  name: string | null;
  email: string | null;
}

/** One line, for a detail page: "Ada Admin (ada@example.com)", "User #12", "System". */
export function actorText({ id, name, email }: Actor): string {
  if (!id) return 'System';
  return `${name ?? `User #${id}`}${email ? ` (${email})` : ''}`;
}

/** Two lines, for a list's "By" column. */
export function ActorCell({ id, name, email }: Actor) {
  if (!id) {
    return (
      <Typography variant="body2" color="text.secondary">
        System
      </Typography>
    );
  }
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2">{name ?? `User #${id}`}</Typography>
      {email && (
        <Typography variant="caption" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
          {email}
        </Typography>
      )}
    </Box>
  );
}
