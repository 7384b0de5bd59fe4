// The health report's schema, loaded with the first probe rather than with the first screen: it brings zod (issue 19).
export { HealthReport } from '@chartside/shared';
