from django.apps import AppConfig
from django.db.models.signals import post_migrate


def _after_migrate(sender, using="default", **kwargs):
    # Reference data and database guards, not business logic: every migrate leaves the
    # role groups equal to casino.roles and every protected table guarded by triggers.
    from .dbroles import apply_grants, may_define
    from .immutability import install_triggers
    from .roles import sync_roles

    sync_roles(using=using)
    # The owner installs the triggers and grants the app role (issue 12 §4); on the app
    # role's own connection (a test flush) they are already there and it may not.
    if may_define(using):
        install_triggers(using=using)
        apply_grants(using=using)


class CasinoConfig(AppConfig):
    name = "casino"
    verbose_name = "Mesa"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # post_migrate is sent after every migration has run; with sender=self, once.
        post_migrate.connect(_after_migrate, sender=self, dispatch_uid="mesa_after_migrate")
