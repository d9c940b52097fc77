FROM python:3.11-slim-bookworm
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1
RUN apt-get update && apt-get install -y --no-install-recommends \
      libpango-1.0-0 libpangoft2-1.0-0 fonts-dejavu-core poppler-utils \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY pyproject.toml README.md requirements/constraints.txt ./requirements/
COPY . .
RUN pip install --no-cache-dir -c requirements/constraints.txt .
RUN useradd --system --home /app mesa && mkdir -p /var/lib/mesa/media && chown -R mesa /var/lib/mesa
USER mesa
EXPOSE 8000
