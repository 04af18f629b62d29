-- What each role may do on a table made by a function (a partition, an archive): exactly what it may do on another
-- table, or only `p_only` of it (SELECT, for what is kept read-only). The table's own grants, those of the schema's
-- default privileges included, are taken back first; its owner keeps everything. The roles are read from the grants,
-- so the functions name no role, whatever the settings call the application's (DATABASE_APP_ROLE).

CREATE OR REPLACE FUNCTION public.vigie_privileges_like(p_table text, p_like text, p_only text)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  grants text[];
  statement text;
BEGIN
  -- read before anything is taken back: p_like may be p_table itself
  SELECT array_agg(format('GRANT %s ON %I TO %s', g.privileges, p_table, g.grantee)) INTO grants
    FROM (SELECT a.grantee::regrole::text AS grantee, string_agg(DISTINCT a.privilege_type, ', ') AS privileges
            FROM pg_class c, aclexplode(c.relacl) a
            WHERE c.oid = to_regclass(p_like) AND a.grantee NOT IN (0, c.relowner)
              AND a.privilege_type = coalesce(p_only, a.privilege_type)
            GROUP BY a.grantee) g;
  FOR statement IN SELECT DISTINCT format('REVOKE ALL ON %I FROM %s', p_table, a.grantee::regrole)
                   FROM pg_class c, aclexplode(c.relacl) a
                   WHERE c.oid = to_regclass(p_table) AND a.grantee NOT IN (0, c.relowner) LOOP
    EXECUTE statement;
  END LOOP;
  FOREACH statement IN ARRAY coalesce(grants, '{}') LOOP
    EXECUTE statement;
  END LOOP;
END $function$;
