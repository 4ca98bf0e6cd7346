import Box from '@mui/material/Box';

/** The Rentloop mark: a loop around an R, in the primary colour. */
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 32 32"
      sx={{ width: size, height: size, flexShrink: 0 }}
      aria-hidden="true"
    >
      <rect width="32" height="32" rx="8" fill="#00e3ae" />
      <path
        d="M10 22V10h6.5a4 4 0 0 1 0 8H10m6 0 5 4"
        fill="none"
        stroke="#0b2e26"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </Box>
  );
}
