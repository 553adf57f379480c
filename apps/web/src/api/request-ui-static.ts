import { Modal, message } from 'antd';
import { antdRequestUi } from './request-ui';

/**
 * The request client's notices through antd's static APIs: used only until the app renders
 * `<RequestUiBridge />` (request-ui.tsx), loaded on demand by request.ts.
 */
export const staticRequestUi = antdRequestUi(message, Modal);
