import { formatMoney } from "~/commerce/money";
import { config } from "~/platform/config.server";
import { earningsByClip, earningsByMonth } from "./ledger.queries.server";

const monthFormatter = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });

/** A creator's royalties by month and by clip, formatted for the studio (no payouts yet). */
export async function getCreatorEarnings(creatorId: string) {
  const [months, clips] = await Promise.all([earningsByMonth(creatorId), earningsByClip(creatorId)]);
  const totalCents = months.reduce((sum, month) => sum + month.amountCents, 0);
  const licenses = months.reduce((sum, month) => sum + month.licenses, 0);
  return {
    total: formatMoney(totalCents),
    licenses,
    ratePercent: config().ROYALTY_RATE_BPS / 100,
    months: months.map((month) => ({
      month: month.month,
      label: monthFormatter.format(new Date(`${month.month}-01T00:00:00Z`)),
      licenses: month.licenses,
      amount: formatMoney(month.amountCents),
    })),
    clips: clips.map((clip) => ({
      clipId: clip.clipId,
      title: clip.title,
      licenses: clip.licenses,
      amount: formatMoney(clip.amountCents),
    })),
  };
}
