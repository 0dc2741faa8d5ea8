#!/usr/bin/env bash
# Sets up the local RabbitMQ for the Web-STOMP mode (README, "Message-broker socket"): the STOMP plugins, the HTTP
# auth backend after the internal one, its four URLs on the server's internal auth hook, no default STOMP login,
# and a bound on what a stray subscription queue can hold. Idempotent, and done at run time: no broker restart,
# so the internal users (guest/guest) and every open connection keep working. Run it again after the broker
# restarts (application settings live in memory), or put the equivalent lines into the broker's config files.
set -euo pipefail

host="${BROKER_AUTH_HOST:-127.0.0.1}"
port="${BROKER_AUTH_PORT:-4391}"
vhost="${BROKER_VHOST:-/}"
base="http://${host}:${port}/broker-auth"

rabbitmq-plugins enable rabbitmq_stomp rabbitmq_web_stomp rabbitmq_auth_backend_http >/dev/null

# POST keeps the passcode (the user's token) out of URLs. An empty default_user makes Web-STOMP require a login
# instead of taking guest/guest for a CONNECT without one; internal users still log in with their own.
rabbitmqctl eval "
ok = application:set_env(rabbitmq_auth_backend_http, http_method, post),
ok = application:set_env(rabbitmq_auth_backend_http, user_path, \"${base}/user\"),
ok = application:set_env(rabbitmq_auth_backend_http, vhost_path, \"${base}/vhost\"),
ok = application:set_env(rabbitmq_auth_backend_http, resource_path, \"${base}/resource\"),
ok = application:set_env(rabbitmq_auth_backend_http, topic_path, \"${base}/topic\"),
ok = application:set_env(rabbitmq_auth_backend_http, request_timeout, 5000),
ok = application:set_env(rabbitmq_auth_backend_http, connection_timeout, 2000),
ok = application:set_env(rabbitmq_stomp, default_user, []),
ok = application:set_env(rabbit, auth_backends, [rabbit_auth_backend_internal, rabbit_auth_backend_http]).
" >/dev/null

# A browser's subscription queue is exclusive and goes with its socket; one declared durable by a hand-made
# client would otherwise outlive it and grow: such queues go after a minute unused and keep the newest 1000.
rabbitmqctl set_policy -p "$vhost" --apply-to queues --priority 10 lumex-stomp-subscriptions '^stomp-subscription-' \
  '{"expires":60000,"max-length":1000}' >/dev/null

echo "RabbitMQ Web-STOMP mode set up: auth hook ${base}/{user,vhost,resource,topic}, Web-STOMP on port 15674 (/ws)"
