# wordle-db's command line, for docker-compose.yml's publish service.
FROM python:3.11-slim-bookworm
RUN apt-get update \
 && apt-get install -y --no-install-recommends gcc libmariadb-dev \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY . .
RUN pip install --no-cache-dir .
ENTRYPOINT []
CMD ["sh", "-c", "wordle-db init && wordle-db publish-today"]
