#define _GNU_SOURCE
/* Sends request bodies (one JSON document per line of BODIESFILE) one after the other over one
 * keep-alive connection, reading each response whole before the next: the minimal client that
 * the apply benchmark compares roster with. Build: cc -O2 -o http_replay http_replay.c
 * Usage: http_replay HOST PORT PATH TOKEN BODIESFILE */
#include "http_connect.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

static char response[1 << 22];

int main(int argc, char **argv) {
    if (argc != 6) { fprintf(stderr, "usage: http_replay HOST PORT PATH TOKEN BODIESFILE\n"); return 2; }
    FILE *f = fopen(argv[5], "rb");
    if (!f) { perror(argv[5]); return 2; }
    int fd = http_connect(argv[1], argv[2]);
    if (fd < 0) return 1;
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    long requests = 0, errors = 0;
    while ((n = getline(&line, &cap, f)) > 0) {
        if (line[n - 1] == '\n') line[--n] = 0;
        if (n == 0) continue;
        char head[512];
        int h = snprintf(head, sizeof head, "POST %s HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nAuthorization: Bearer %s\r\n"
                         "Content-Length: %zd\r\n\r\n", argv[3], argv[1], argv[4], n);
        char *request = malloc(h + n);
        memcpy(request, head, h);
        memcpy(request + h, line, n);
        if (write(fd, request, h + n) != h + n) { perror("write"); return 1; }
        free(request);
        long got = 0, body_start = -1, length = -1;
        for (;;) {
            ssize_t r = read(fd, response + got, sizeof response - got - 1);
            if (r <= 0) { fprintf(stderr, "connection closed\n"); return 1; }
            got += r;
            response[got] = 0;
            if (body_start < 0) {
                char *end = strstr(response, "\r\n\r\n");
                if (!end) continue;
                body_start = end - response + 4;
                char *cl = strcasestr(response, "Content-Length:");
                length = cl ? atol(cl + 15) : 0;
            }
            if (got >= body_start + length) break;
        }
        if (strstr(response + body_start, "\"errors\"")) errors++;
        requests++;
    }
    printf("%ld requests, %ld with errors\n", requests, errors);
    return 0;
}
