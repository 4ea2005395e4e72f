/* The benchmark clients' one connection: TCP to HOST:PORT (an IPv4 address) with TCP_NODELAY,
 * as the sandbox sets on its side. Returns the socket, or -1 after printing why. */
#ifndef HTTP_CONNECT_H
#define HTTP_CONNECT_H
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <unistd.h>

static int http_connect(const char *host, const char *port) {
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    struct sockaddr_in addr = {0};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(atoi(port));
    if (inet_pton(AF_INET, host, &addr.sin_addr) != 1) { fprintf(stderr, "not an IPv4 address: %s\n", host); close(fd); return -1; }
    if (connect(fd, (struct sockaddr *)&addr, sizeof addr) != 0) { perror("connect"); close(fd); return -1; }
    return fd;
}
#endif
