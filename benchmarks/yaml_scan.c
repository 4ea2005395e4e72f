/* The physical floor for loading a roster: scan a file with libyaml's event parser and do
 * nothing else. Reads the whole file like roster does, then parses it from memory.
 * Build: cc -O2 -o yaml_scan yaml_scan.c -lyaml */
#include <stdio.h>
#include <stdlib.h>
#include <yaml.h>

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: yaml_scan FILE\n"); return 2; }
    FILE *f = fopen(argv[1], "rb");
    if (!f) { perror(argv[1]); return 2; }
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *buffer = malloc(size > 0 ? size : 1);
    if (!buffer || fread(buffer, 1, size, f) != (size_t)size) { fprintf(stderr, "read failed\n"); return 2; }
    fclose(f);
    yaml_parser_t parser;
    yaml_event_t event;
    yaml_parser_initialize(&parser);
    yaml_parser_set_input_string(&parser, buffer, size);
    long events = 0;
    for (;;) {
        if (!yaml_parser_parse(&parser, &event)) { fprintf(stderr, "parse error: %s\n", parser.problem); return 1; }
        int done = event.type == YAML_STREAM_END_EVENT;
        yaml_event_delete(&event);
        events++;
        if (done) break;
    }
    yaml_parser_delete(&parser);
    free(buffer);
    printf("%ld events\n", events);
    return 0;
}
