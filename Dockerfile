# supportsim as an OpenEnv server (also a Hugging Face Docker Space).
#   docker build -t supportsim . && docker run --rm -p 8000:8000 supportsim
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

# Hugging Face Spaces run containers as uid 1000.
RUN useradd --create-home --uid 1000 supportsim

WORKDIR /home/supportsim/app
COPY pyproject.toml README.md ./
COPY sim ./sim
COPY personas ./personas
COPY agents ./agents
COPY graders ./graders
RUN pip install .

USER supportsim
EXPOSE 8000

# No curl in the slim image: probe /health with Python.
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
    CMD ["python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/health', timeout=4)"]

CMD ["supportsim", "serve", "--host", "0.0.0.0", "--port", "8000"]
