/**
 * The route `cms-companies-create` (spec 01 §2: company creation reachable from the company switcher):
 * the same flow as `/super/companies/create`, as a page.
 */
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/PageHeader.tsx';
import { CompanyCreate } from './CompanyCreate.tsx';
import { companyAdminIds } from './testids.ts';

export function CompanyCreatePage() {
  const navigate = useNavigate();
  return (
    <Box data-testid={companyAdminIds.createPage} sx={{ maxWidth: 640 }}>
      <PageHeader title="New company" subtitle="A merchant account: its own customers, orders and settings" />
      <Card>
        <CompanyCreate
          onLeave={(to) => navigate(to ?? '/super/companies')}
          layout={({ body, actions }) => (
            <>
              <CardContent>{body}</CardContent>
              <CardActions sx={{ px: 2, pb: 2, justifyContent: 'flex-end', flexWrap: 'wrap', gap: 1 }}>
                {actions}
              </CardActions>
            </>
          )}
        />
      </Card>
    </Box>
  );
}
