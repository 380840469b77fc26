-- Custom SQL migration file, put your code below! --
-- Every admin user has an e-mail, as Sylius' AdminUser requires. The accounts script made users
-- without one: each gets its username when that is an address by the user form's check (one "@",
-- something before it, a dot with something on both sides after it, no whitespace) and no other
-- user has it as its e-mail already; the canonical e-mail is the canonical username (both are the
-- lower-case form). A user whose username is not an address keeps none until one is set
-- (`PATCH /api/v1/users/{id}` or `npm run accounts -- set-email`).
UPDATE `admin_users`
SET `email` = `username`, `email_canonical` = `username_canonical`
WHERE `email` IS NULL
  AND instr(`username`, '@') > 1
  AND instr(substr(`username`, instr(`username`, '@') + 1), '@') = 0
  AND substr(`username`, instr(`username`, '@') + 1) GLOB '?*.?*'
  AND `username` NOT GLOB ('*[' || char(32, 9, 10, 11, 12, 13, 160) || ']*')
  AND NOT EXISTS (SELECT 1 FROM `admin_users` AS `other` WHERE `other`.`email_canonical` = `admin_users`.`username_canonical`);
