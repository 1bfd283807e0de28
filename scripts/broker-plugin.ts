// `npm run broker:plugin`: builds Tribün's Mosquitto plugin (decision 109) and prints its path,
// for the `plugin` line of a production mosquitto.conf (before the dynamic-security plugin).
import { clientIdPluginPath } from '../server/live/broker-plugin';

console.log(clientIdPluginPath());
