import {
  ALARMING_REACH_WEEKS,
  DEFAULT_REPLENISHMENT_TIMES,
  effectiveTimes,
  FORECAST_WINDOW_WEEKS,
  type Forecast,
  forecastOf,
  type HistoryEvent,
  historySeries,
  type ReplenishmentSetting,
  type ReplenishmentTimes,
  weekStart,
} from '@falcon/api-client';
import {
  containerEvents,
  type Dataset,
  type DatasetContainer,
  type DatasetContainerEvent,
  type DatasetLocation,
  historyAnchor,
} from '@falcon/demo-data';

const WEEK_MS = 7 * 86_400_000;

/**
 * Container history in the mock (ADR 0059): the year the dataset generates (`containerEvents`, the same
 * rows the server seeds), made when a container is first asked for, plus what approvals add. The mock's
 * "today" for history and forecasts is the dataset's `now`, so stories and screenshots stay the same
 * from week to week; events approvals add are stamped with that moment too.
 */
export class HistoryStore {
  private readonly generated = new Map<string, DatasetContainerEvent[]>();
  private readonly added = new Map<string, DatasetContainerEvent[]>();
  /** Forecasts as computed, until an event or a setting changes (the worklist asks for every container). */
  private readonly forecasts = new Map<string, Forecast>();
  private readonly locationTimes = new Map<string, ReplenishmentSetting>();
  private readonly branchTimesSet = new Map<string, ReplenishmentSetting>();
  readonly today: Date;
  private readonly anchor: Date;

  constructor(private readonly dataset: Dataset) {
    this.today = new Date(dataset.now);
    this.anchor = historyAnchor(dataset.now);
  }

  /** A container's events, oldest first. */
  eventsOf(c: DatasetContainer): DatasetContainerEvent[] {
    let generated = this.generated.get(c.id);
    if (!generated) {
      generated = containerEvents(this.dataset.seed, c, this.anchor);
      this.generated.set(c.id, generated);
    }
    const added = this.added.get(c.id);
    return added ? [...generated, ...added] : generated;
  }

  /** The newest known stock; the filling quantity when none is known. */
  stockOf(c: DatasetContainer): number {
    const events = this.eventsOf(c);
    for (let i = events.length - 1; i >= 0; i--) {
      const s = (events[i] as DatasetContainerEvent).stockAfter;
      if (s !== null) return s;
    }
    return c.fillingQuantity;
  }

  locationSetting(code: string): ReplenishmentSetting | undefined {
    return this.locationTimes.get(code);
  }

  branchSetting(code: string): ReplenishmentSetting | undefined {
    return this.branchTimesSet.get(code);
  }

  setLocationSetting(code: string, setting: ReplenishmentSetting): void {
    this.locationTimes.set(code, { ...setting });
    this.forecasts.clear();
  }

  setBranchSetting(code: string, setting: ReplenishmentSetting): void {
    this.branchTimesSet.set(code, { ...setting });
    this.forecasts.clear();
  }

  /** The container changed (an approval): its forecast is computed again. */
  changed(containerId: string): void {
    this.forecasts.delete(containerId);
  }

  add(event: DatasetContainerEvent): void {
    this.forecasts.delete(event.containerId);
    const list = this.added.get(event.containerId);
    if (list) list.push(event);
    else this.added.set(event.containerId, [event]);
  }

  /** Whole weeks of consumption before this week, oldest first (`weeks` of them). */
  weeklyConsumption(c: DatasetContainer, weeks: number): number[] {
    const current = weekStart(this.today).getTime();
    const mondays = Array.from({ length: weeks }, (_, i) => new Date(current - (weeks - i) * WEEK_MS));
    return historySeries(this.eventsOf(c).map(asHistoryEvent), mondays).consumption;
  }

  /** Lead and safety time in effect at a location (its own, else its branch's, else the product's). */
  timesOf(location: Pick<DatasetLocation, 'code' | 'branchCode'>): ReplenishmentTimes {
    return effectiveTimes(this.locationTimes.get(location.code), this.branchTimes(location.branchCode));
  }

  branchTimes(branchCode: string): ReplenishmentTimes {
    return effectiveTimes(this.branchTimesSet.get(branchCode), DEFAULT_REPLENISHMENT_TIMES);
  }

  /** The container's forecast; kept until an event or a setting changes (an approval changes the container too). */
  forecast(c: DatasetContainer, location: DatasetLocation): Forecast {
    const kept = this.forecasts.get(c.id);
    if (kept) return kept;
    const forecast = forecastOf({
      weeks: this.weeklyConsumption(c, FORECAST_WINDOW_WEEKS),
      stock: this.stockOf(c),
      expectedDeliveryDate: c.expectedDeliveryDate,
      leadTimeDays: this.timesOf(location).leadTimeDays,
      alarmReachWeeks: ALARMING_REACH_WEEKS,
      today: this.today,
    });
    this.forecasts.set(c.id, forecast);
    return forecast;
  }
}

export const asHistoryEvent = (e: DatasetContainerEvent): HistoryEvent => ({
  at: new Date(e.at),
  kind: e.kind,
  quantity: e.quantity,
  stockAfter: e.stockAfter,
});
