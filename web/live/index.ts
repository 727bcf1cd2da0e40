// Public face of the change feed on screen (issue 50, docs/decisions/059): the feed and its status (in the
// protected layout, turned on by the app's entry), the hook that keeps a list true with its banner of new
// rows, and the signals and channels that menu counts, details, history panels and the sync journal
// listen to; and what an open edit dialog says when its record changed elsewhere.
export { ChangedElsewhere } from './changed-elsewhere';
export { changes, liveSignal, progresses, resyncs } from './changes';
export { LIVE_TEXT, LiveFeed } from './live-feed';
export { enableLiveFeed, liveFeedEnabled } from './switch';
export { NewRowsBanner, useLiveList } from './use-live-list';
export { useLiveRecord } from './use-live-record';
