// The payer pages' script (placeholder until the payer pages land).
import './payer.css';
