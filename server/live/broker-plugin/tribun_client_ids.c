/*
 * Tribün's Mosquitto plugin: a client id belongs to its identity (decision 109).
 *
 * MQTT lets a new connection that uses a connected client's id close the old one. Mosquitto
 * checks credentials, not ids, so anyone could take a signed-in fan's connection by reusing its
 * id. This plugin gives every id an owner, written in the id itself:
 *   - a client that connects with a username must use an id that starts with "<username>/";
 *   - a client without a username (an anonymous reader) must use an id without "/".
 * Any other connection is refused as not authorised, before Mosquitto looks for a connection
 * to take over. So an identity can only ever replace its own connections (a flaky network's
 * reconnect), never another's. Passwords are not checked here: every other case is deferred to
 * the next plugin (dynamic security), which decides as before.
 *
 * Load it before the dynamic-security plugin (plugins are asked in the order they are loaded):
 *   plugin /path/to/tribun_client_ids.so
 *   plugin /usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so
 *
 * Built by scripts/broker-plugin.mjs against Mosquitto 2.0's plugin interface (version 5).
 */
#include <stddef.h>
#include <string.h>

#include <mosquitto.h>
#include <mosquitto_broker.h>
#include <mosquitto_plugin.h>

static mosquitto_plugin_id_t *plugin_id = NULL;

/* 1 when the id may be used by this identity, 0 otherwise. */
static int id_belongs_to(const char *client_id, const char *username)
{
	size_t length;

	if (client_id == NULL) return 0;
	if (username == NULL) return strchr(client_id, '/') == NULL;
	length = strlen(username);
	if (length == 0) return 0;
	return strncmp(client_id, username, length) == 0 && client_id[length] == '/' && client_id[length + 1] != '\0';
}

static int on_basic_auth(int event, void *event_data, void *userdata)
{
	struct mosquitto_evt_basic_auth *auth = event_data;
	const char *client_id;

	(void)event;
	(void)userdata;
	client_id = mosquitto_client_id(auth->client);
	if (!id_belongs_to(client_id, auth->username)) {
		/* The id and the username are the client's words: not written to the log. */
		mosquitto_log_printf(MOSQ_LOG_NOTICE, "tribun: refused a connection whose client id belongs to another identity");
		return MOSQ_ERR_AUTH;
	}
	return MOSQ_ERR_PLUGIN_DEFER;
}

int mosquitto_plugin_version(int supported_version_count, const int *supported_versions)
{
	int i;

	for (i = 0; i < supported_version_count; i++) {
		if (supported_versions[i] == 5) return 5;
	}
	return -1;
}

int mosquitto_plugin_init(mosquitto_plugin_id_t *identifier, void **userdata, struct mosquitto_opt *options, int option_count)
{
	(void)userdata;
	(void)options;
	(void)option_count;
	plugin_id = identifier;
	return mosquitto_callback_register(plugin_id, MOSQ_EVT_BASIC_AUTH, on_basic_auth, NULL, NULL);
}

int mosquitto_plugin_cleanup(void *userdata, struct mosquitto_opt *options, int option_count)
{
	(void)userdata;
	(void)options;
	(void)option_count;
	return mosquitto_callback_unregister(plugin_id, MOSQ_EVT_BASIC_AUTH, on_basic_auth, NULL);
}
