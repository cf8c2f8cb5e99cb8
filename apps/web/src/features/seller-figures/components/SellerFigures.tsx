import { useQuery } from '@tanstack/react-query';
import type { UserInfo } from '@fbo/shared';
import { formatUsd } from '@fbo/shared/domain/money';
import { balanceQuery, profitQuery } from '../../../entities/seller-team';
import './seller-figures.css';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="seller-figure">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** The seller header's base cost name, Balance and Profit (Profit hidden for sub-users). */
export function SellerFigures({ info }: { info: UserInfo }) {
  const showProfit = !info.isSubUser;
  const balance = useQuery(balanceQuery());
  const profit = useQuery({ ...profitQuery(), enabled: showProfit });
  return (
    <dl className="seller-figures">
      <Figure label="Base cost" value={info.sellerTeam?.basecost?.name ?? '—'} />
      <Figure label="Balance" value={balance.data ? formatUsd(balance.data.amount) : '—'} />
      {showProfit ? <Figure label="Profit" value={profit.data ? formatUsd(profit.data.remainProfit) : '—'} /> : null}
    </dl>
  );
}
