// The rules dialog of widgets/ with the styles it needs, as one lazily loaded chunk for /enter.
import '../../../widgets/widgets.css';

export { RulesDialog as default } from '../../../widgets/RulesDialog.js';
