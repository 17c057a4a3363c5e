-- The Team list and its rules (the last owner, the active admins) read the administrators alone
-- (users.role = 'admin'): a few among hundreds of thousands of diners, owners and staff. A
-- partial index holds just them, so none of these reads scans users.
CREATE INDEX users_admins_idx ON users (id) WHERE role = 'admin';
