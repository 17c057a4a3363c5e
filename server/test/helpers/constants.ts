export const TEST_ADMIN = { adminEmail: 'admin@example.com', adminPassword: 'admin1234' };
export const TEST_OWNER = { email: 'owner@example.com', password: 'owner1234' };
