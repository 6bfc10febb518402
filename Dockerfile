# wordle-db's command line, for docker-compose.yml's init, web and publish services. It runs
# as an unprivileged user; its data directory (the page's cookie secret, unless
# WORDLE_DB_WEB_SECRET is given) is that user's.
FROM python:3.11-slim-bookworm
RUN apt-get update \
 && apt-get install -y --no-install-recommends gcc libmariadb-dev \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY . .
RUN pip install --no-cache-dir . \
 && useradd --system --create-home --home-dir /home/wordle wordle
USER wordle
ENTRYPOINT []
CMD ["wordle-db", "status"]
