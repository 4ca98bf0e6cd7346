import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import PersonAddAltOutlined from '@mui/icons-material/PersonAddAltOutlined';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { format } from 'date-fns';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useCurrentCompany } from '../companies/current-company.tsx';
import { useCustomerInsights } from './hooks.ts';
import { insightsIds } from './testids.ts';

const numberFormat = new Intl.NumberFormat('en');

function StatCard(props: {
  label: string;
  value: number | undefined;
  hint: string;
  icon: ReactNode;
  to: string;
  testId: string;
}) {
  return (
    <Card>
      <CardActionArea component={Link} to={props.to} sx={{ height: '100%' }}>
        <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center', p: 3 }}>
          <Avatar sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', width: 48, height: 48 }}>
            {props.icon}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" color="text.secondary">
              {props.label}
            </Typography>
            <Typography variant="h4" component="p" data-testid={props.testId}>
              {props.value === undefined ? <Skeleton width={80} /> : numberFormat.format(props.value)}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {props.hint}
            </Typography>
          </Box>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** `/cms/insights` and `/cms/dashboard`: the figures that exist so far. */
export function InsightsPage() {
  const { company } = useCurrentCompany();
  const customers = useCustomerInsights();
  return (
    <Box data-testid={insightsIds.page}>
      <PageHeader title="Insights" subtitle={company ? `Overview of ${company.name}` : undefined} />
      {customers.error && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {customers.error.message}
        </Alert>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 300px), 1fr))',
        }}
      >
        <StatCard
          label="Customers"
          value={customers.data?.total}
          hint="All customers of this company"
          icon={<PeopleAltOutlined />}
          to="/cms/customers"
          testId={insightsIds.customersTotal}
        />
        <StatCard
          label="New this month"
          value={customers.data?.new_this_month}
          hint={`Customers created in ${format(new Date(), 'MMMM yyyy')}`}
          icon={<PersonAddAltOutlined />}
          to="/cms/customers?sort=created_at&desc=true"
          testId={insightsIds.customersNewThisMonth}
        />
      </Box>
    </Box>
  );
}
