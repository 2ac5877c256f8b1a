/** Live updates: `notifyLive` at commit, one LISTEN connection per process fanned out by topic. */
export {
  createLiveBus,
  LIVE_CHANNEL,
  silentLiveBus,
  type LiveBus,
  type LiveBusLogger,
  type LiveBusOptions,
  type LiveData,
  type LiveListener,
} from './live-bus';
export { LIVE_PAYLOAD_LIMIT, notifyLive, notifyLiveMany } from './notify-live';
