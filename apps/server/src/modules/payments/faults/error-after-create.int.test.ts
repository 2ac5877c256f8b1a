import { describeLostCreateAnswer } from './lost-create-answer';

// The provider stores the payment, then answers 503.
describeLostCreateAnswer('error_after_create', { status: 503, times: 1 });
