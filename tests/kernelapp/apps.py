from django.apps import AppConfig


class KernelAppConfig(AppConfig):
    name = "tests.kernelapp"
    label = "kernelapp"
