/* A minimal HTTP/1.1 client: POSTs one body to a loopback URL and reads the whole response.
 * The floor for `roster plan`'s one read request. Build: cc -O2 -o http_post http_post.c
 * Usage: http_post HOST PORT PATH TOKEN BODYFILE */
#include "http_connect.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc != 6) { fprintf(stderr, "usage: http_post HOST PORT PATH TOKEN BODYFILE\n"); return 2; }
    FILE *f = fopen(argv[5], "rb");
    if (!f) { perror(argv[5]); return 2; }
    static char body[1 << 20];
    size_t n = fread(body, 1, sizeof body, f);
    fclose(f);
    int fd = http_connect(argv[1], argv[2]);
    if (fd < 0) return 1;
    char head[1024];
    int h = snprintf(head, sizeof head, "POST %s HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nAuthorization: Bearer %s\r\n"
                     "Content-Length: %zu\r\nConnection: close\r\n\r\n", argv[3], argv[1], argv[4], n);
    char *request = malloc(h + n);
    memcpy(request, head, h);
    memcpy(request + h, body, n);
    if (write(fd, request, h + n) != (ssize_t)(h + n)) { perror("write"); return 1; }
    static char buffer[1 << 16];
    long total = 0;
    ssize_t r;
    while ((r = read(fd, buffer, sizeof buffer)) > 0) total += r;
    close(fd);
    printf("%ld bytes\n", total);
    return strncmp(buffer, "HTTP/1.1 200", 12) == 0 || total > 0 ? 0 : 1;
}
