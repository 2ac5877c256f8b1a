import { describeLostCreateAnswer } from './lost-create-answer';

// The connection hangs longer than the harness adapters' 1 500 ms timeout, then closes unanswered.
describeLostCreateAnswer('timeout_after_create', { ms: 2_000, times: 1 });
