// glibc's malloc statistics (mallinfo2, malloc_trim), which the Glibc module leaves out: the
// growth benchmark reads how many bytes the heap holds with them.
#include <malloc.h>
