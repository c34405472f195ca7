import { jobFunction } from './job-function';

export const webhookDeliveryFunction = jobFunction('webhook_delivery');
