/** The tenant command line's help. */
export const USAGE = `Usage: npm run tenant -- <command>

  validate FILE          Check a tenant document and its assets/; writes nothing, needs no database
  import FILE            Validate a tenant document (assets/ beside it) and write it whole
  export SLUG [--out DIR]  Print the tenant's document, or write it and its assets into DIR
  list                   List the tenants and their hosts
  delete SLUG [--yes]    Remove a shop and all its data (asks you to type the slug; --yes does not)
  add-staff SLUG EMAIL --role owner|manager|staff [--name NAME] [--stores SLUG,SLUG]
                         Add a member of staff (or change one's role and stores)

Uses DATABASE_URL when set, otherwise the embedded database in DATA_DIR (default ./data),
and says which on every command. While a server runs on the embedded database, the command
is handed to that server to run (the database serves one process).
See docs/shop-document.md for every field of a tenant document.
`;
