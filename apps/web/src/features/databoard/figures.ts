import type { DataboardSummary, DataboardTeam } from '../../api/databoard';

/**
 * The workbench's figure cards come from the keys the summary answers: each known key has its
 * label and unit here (in the order shown); a key the server does not send has no card.
 */
export interface FigureSpec {
  readonly key: string;
  readonly label: string;
  readonly unit: string;
}

export interface Figure extends FigureSpec {
  readonly value: number;
}

export function summaryFigures(summary: DataboardSummary, specs: readonly FigureSpec[]): Figure[] {
  const figures: Figure[] = [];
  for (const spec of specs) {
    const value = summary[spec.key];
    if (typeof value === 'number' && Number.isFinite(value)) figures.push({ ...spec, value });
  }
  return figures;
}

/** Teams with their user counts for the chart, most users first (ties keep the team-code order). */
export function teamUserSeries(teams: readonly DataboardTeam[] | undefined): {
  names: string[];
  counts: number[];
} {
  const sorted = [...(teams ?? [])].sort((a, b) => b.userCount - a.userCount);
  return { names: sorted.map((team) => team.teamName), counts: sorted.map((team) => team.userCount) };
}
