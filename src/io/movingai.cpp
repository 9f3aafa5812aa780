// Placeholder: the Moving AI reader is being written (issue 2 section 5).
#include "pathing/io/movingai.hpp"
