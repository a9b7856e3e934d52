mode=$1
for i in 1 2 3; do
dropdb -h 127.0.0.1 -U postgres --if-exists zz_c; createdb -h 127.0.0.1 -U postgres -T zz_t zz_c
DATABASE_URL=postgres://postgres@127.0.0.1:5432/zz_c SEED_DEMO=1 node --import tsx bench/zz-start.ts /tmp/empty $mode 2>&1 | grep serving
done
