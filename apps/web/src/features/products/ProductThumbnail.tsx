/** A product's image as a small square; a neutral icon when it has none or the image does not load. */
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import Avatar from '@mui/material/Avatar';

export function ProductThumbnail({
  src,
  name,
  size = 40,
}: {
  src: string | null;
  name: string;
  size?: number;
}) {
  return (
    <Avatar
      variant="rounded"
      src={src ?? undefined}
      alt={name}
      sx={{ width: size, height: size, bgcolor: 'action.hover', color: 'text.secondary' }}
      slotProps={{ img: { loading: 'lazy', referrerPolicy: 'no-referrer' } }}
    >
      <Inventory2Outlined fontSize={size > 48 ? 'large' : 'small'} />
    </Avatar>
  );
}
