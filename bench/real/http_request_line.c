// Parses an HTTP/1.x request line ("GET /index HTTP/1.1") with a
// character-level state machine, as a small embedded web server does.
// bench: --max-time 20
#include <string.h>

enum method { M_GET, M_HEAD, M_POST };
enum state { S_METHOD, S_PATH, S_VERSION, S_DONE };

struct request {
  enum method method;
  char path[8];
  int minor_version;
};

/* Returns 0 and fills `req`, or a negative error code. */
static int parse_request_line(const char *line, struct request *req) {
  char method[8];
  char version[9];
  int m = 0, p = 0, v = 0;
  enum state st = S_METHOD;
  for (const char *c = line; *c && st != S_DONE; c++) {
    switch (st) {
    case S_METHOD:
      if (*c == ' ') {
        method[m] = '\0';
        st = S_PATH;
      } else if (*c >= 'A' && *c <= 'Z' && m < (int)sizeof method - 1) {
        method[m++] = *c;
      } else {
        return -1;
      }
      break;
    case S_PATH:
      if (p == 0 && *c != '/')
        return -2;
      if (*c == ' ') {
        req->path[p] = '\0';
        st = S_VERSION;
      } else if (p < (int)sizeof req->path - 1) {
        req->path[p++] = *c;
      } else {
        return -3; /* URI too long */
      }
      break;
    case S_VERSION:
      if (*c == '\r' || *c == '\n') {
        st = S_DONE;
      } else if (v < (int)sizeof version - 1) {
        version[v++] = *c;
      } else {
        return -4;
      }
      break;
    case S_DONE:
      break;
    }
  }
  if (st != S_VERSION && st != S_DONE)
    return -5;
  version[v] = '\0';
  if (strcmp(method, "GET") == 0)
    req->method = M_GET;
  else if (strcmp(method, "HEAD") == 0)
    req->method = M_HEAD;
  else if (strcmp(method, "POST") == 0)
    req->method = M_POST;
  else
    return -6;
  if (strncmp(version, "HTTP/1.", 7) != 0 || version[8] != '\0')
    return -7;
  if (version[7] != '0' && version[7] != '1')
    return -7;
  req->minor_version = version[7] - '0';
  return 0;
}

int http_request_line(const char *line) {
  struct request req;
  int rc = parse_request_line(line, &req);
  if (rc < 0)
    return rc;
  return req.method * 10 + req.minor_version;
}
