# Issue 43: a player's cash of the day is an indexed sum over a stored key, where every
# anonymous cash buy-in of the day was read and its name normalised in Python on each
# buy-in. The key of the rows written before this migration is filled here, from what
# each row already says (player, name, session, seat: sealed facts; the key is not
# sealed), with the append-only guard lifted for this UPDATE only
# (casino.immutability.guard_lifted).

from collections import defaultdict

from django.db import migrations, models


def _normalise(name):
    # cage.selectors.normalise_name as of this migration
    return " ".join(name.split()).casefold()


def _key(player_id, player_name, session_id, seat):
    # cage.selectors.player_key as of this migration
    if player_id:
        return f"player:{player_id}"
    name = _normalise(player_name)
    if name:
        return f"name:{name}"
    return f"seat:{session_id}:{seat}"


def fill_cash_keys(apps, schema_editor):
    from casino.immutability import guard_lifted

    TableTransaction = apps.get_model("cage", "TableTransaction")
    rows = TableTransaction.objects.filter(kind="buyin").values_list(
        "pk", "player_id", "player_name", "session_id", "seat"
    )
    by_key = defaultdict(list)
    for pk, player_id, player_name, session_id, seat in rows.iterator():
        by_key[_key(player_id, player_name, session_id, seat)].append(pk)
    if not by_key:
        return
    with guard_lifted(schema_editor, TableTransaction._meta.db_table):
        for key, pks in by_key.items():
            for start in range(0, len(pks), 1000):
                TableTransaction.objects.filter(pk__in=pks[start : start + 1000]).update(
                    cash_key=key
                )


class Migration(migrations.Migration):

    dependencies = [
        ('cage', '0005_chip_catalogue_moved'),
    ]

    operations = [
        migrations.AddField(
            model_name='tabletransaction',
            name='cash_key',
            field=models.CharField(blank=True, db_default='', default='', editable=False, max_length=400),
        ),
        migrations.RunPython(fill_cash_keys, migrations.RunPython.noop, elidable=True),
        migrations.AddIndex(
            model_name='tabletransaction',
            index=models.Index(condition=models.Q(('kind', 'buyin'), ('source', 'cash')), fields=['gaming_day', 'cash_key'], name='cage_tx_day_cash_key'),
        ),
    ]
