import type { TribunModule } from '../definition';
import { readSettings } from '../../settings/module-settings';
import { checkinSettings, pointsRoutes } from './points.routes';

/** A fan's points: balance, history, the daily check-in. */
export const pointsModule: TribunModule = {
  name: 'points',
  settings: checkinSettings,
  async routes(app, { db, environment }) {
    const settings = readSettings(checkinSettings, environment);
    await app.register(pointsRoutes, {
      db,
      checkin: { points: settings.CHECKIN_POINTS, streakBonus: settings.CHECKIN_STREAK_BONUS, streakCap: settings.CHECKIN_STREAK_CAP },
    });
  },
};
