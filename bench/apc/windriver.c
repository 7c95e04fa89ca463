// WinDriver: part of a Windows driver that decomposes a stream of network
// packets into a two-dimensional array (rows of packet_size cells, flat
// here); where a packet goes is encoded in the stream itself. The target is
// the failure branch of the consistency check after it. Written from the
// listing in the appendix of "Abstracting Path Conditions".
// bench-options: --max-len 64
void reach_error(void);

void windriver(int *multi_array, const int *buffer, int max_packet,
               int packet_size) {
  for (int i = 0; i < max_packet; ++i)
    for (int j = 0; j < packet_size; j++)
      multi_array[i * packet_size + j] = 0;
  int number_of_packets = buffer[0];
  if (number_of_packets > max_packet || number_of_packets < 0)
    return;
  for (int i = 0; i < number_of_packets; i++) {
    int packet_id = buffer[i * (packet_size + 1) + 1];
    if (packet_id >= max_packet || packet_id < 0)
      return;
    for (int j = 0; j < packet_size; j++)
      multi_array[packet_id * packet_size + j] =
          buffer[i * (packet_size + 1) + j + 2];
  }
  if (number_of_packets < max_packet &&
      multi_array[number_of_packets * packet_size] != 0 && packet_size > 20)
    reach_error();
}
